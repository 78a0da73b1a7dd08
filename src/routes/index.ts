// Every operation the service offers; one line per route file.
import type { OperationRoute } from './definition.js';
import { convertRoute } from './convert.js';
import { extractTextRoute } from './extract-text.js';
import { imagesRoute } from './images.js';
import { compressRoute } from './compress.js';
import { mergeRoute } from './merge.js';
import { ocrRoute } from './ocr.js';
import { protectRoute } from './protect.js';
import { redactRoute } from './redact.js';
import { signRoute } from './sign.js';
import { verifyRoute } from './verify.js';
import { splitRoute } from './split.js';
import { unlockRoute } from './unlock.js';
import { watermarkRoute } from './watermark.js';
import { rotateRoute } from './rotate.js';
import { organizeRoute } from './organize.js';
import { pageNumbersRoute } from './page-numbers.js';
import { metadataRoute } from './metadata.js';
import { repairRoute } from './repair.js';
import { flattenRoute } from './flatten.js';
import { compareRoute } from './compare.js';
import { attachmentsRoute } from './attachments.js';
import { inspectRoute } from './inspect.js';
import { linearizeRoute } from './linearize.js';
import { sanitizeRoute } from './sanitize.js';
import { createPipelineRoute } from './pipeline.js';
import { formsRoute } from './forms.js';
import { bookmarksRoute } from './bookmarks.js';
import { bookletRoute } from './booklet.js';
import { cropRoute } from './crop.js';
import { nUpRoute } from './n-up.js';
import { overlayRoute } from './overlay.js';
import { removeBlankRoute } from './remove-blank.js';
import { resizeRoute } from './resize.js';

export const operationRoutes: OperationRoute[] = [
  mergeRoute,
  splitRoute,
  protectRoute,
  unlockRoute,
  ocrRoute,
  extractTextRoute,
  watermarkRoute,
  convertRoute,
  imagesRoute,
  compressRoute,
  rotateRoute,
  organizeRoute,
  pageNumbersRoute,
  metadataRoute,
  repairRoute,
  flattenRoute,
];

// Redaction, signatures: kept on their own line to merge cleanly.
operationRoutes.push(redactRoute, signRoute, verifyRoute);

// Document structure: inspect, attachments, sanitize, linearize.
operationRoutes.push(inspectRoute, attachmentsRoute, sanitizeRoute, linearizeRoute);
// Document structure: forms and bookmarks.
operationRoutes.push(formsRoute, bookmarksRoute);

// Page layout: crop, resize, n-up, booklet, overlay, remove-blank.
operationRoutes.push(cropRoute, resizeRoute, nUpRoute, bookletRoute, overlayRoute, removeBlankRoute);
// Comparing two PDFs.
operationRoutes.push(compareRoute);
// Pipelines: several of the operations above in one request (reads this list when a request comes).
operationRoutes.push(createPipelineRoute(() => operationRoutes));

export function findOperation(name: string): OperationRoute | undefined {
  return operationRoutes.find((route) => route.name === name);
}
