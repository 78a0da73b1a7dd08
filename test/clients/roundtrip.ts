// A client process for the memory check: uploads argv[4] through `unlock` with
// the TypeScript client and streams the answer to argv[5]; prints its own RSS
// growth (peak over the baseline) as JSON.
import fs from 'node:fs';
import { PdfClient } from '../../clients/typescript/src/index.js';

const [url, key, input, output] = process.argv.slice(2);
const client = new PdfClient({ baseUrl: url, apiKey: key });
// Warm up (module loading, first connection, one small upload and download) before the baseline.
await client.account();
await (await client.unlock(new URL('../corpus/trivial.pdf', import.meta.url).pathname)).bytes();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
const result = await client.unlock(input);
await result.save(output);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ growthMiB: (peak - baseline) / 1024 / 1024, bytes: fs.statSync(output).size }));
