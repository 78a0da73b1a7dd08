"""A client process for the memory check: sends argv[3] through `unlock` with the sync or async client
(argv[5]) and streams the answer to argv[4]; prints its peak RSS growth over the warmed-up baseline as JSON."""
import asyncio
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pdf_service import AsyncPdfClient, PdfClient  # noqa: E402


def status(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise KeyError(field)


def reset_peak() -> None:
    # Writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0), so the peak below is this round trip's.
    Path("/proc/self/clear_refs").write_text("5")


def main() -> None:
    url, key, source, target, mode = sys.argv[1:6]
    if mode == "sync":
        with PdfClient(url, key) as client:
            client.account()  # warm up: imports, first connection
            reset_peak()
            baseline = status("VmRSS")
            client.unlock(source).save(target)
    else:
        async def run() -> int:
            async with AsyncPdfClient(url, key) as client:
                await client.account()
                reset_peak()
                start = status("VmRSS")
                await (await client.unlock(source)).save(target)
                return start

        baseline = asyncio.run(run())
    print(json.dumps({"growth_mib": (status("VmHWM") - baseline) / 1024 / 1024, "bytes": os.path.getsize(target)}))


if __name__ == "__main__":
    main()
