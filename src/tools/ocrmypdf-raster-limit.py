# An OCRmyPDF plugin (loaded by src/tools/ocrmypdf.ts with --plugin; tested
# with OCRmyPDF 14.0.1): --max-page-pixels N lowers the resolution a page is
# rasterized at for OCR until its raster holds at most N pixels.
#
# Why: OCRmyPDF rasterizes a page at the highest resolution of any image on
# it, and has no upper bound (15.x added --tesseract-downsample-large-images,
# which shrinks only Tesseract's copy). Page 13 of tracemonkey.pdf draws an
# 80×80 image at 1907 ppi, so `--force-ocr` rendered it at 16209×20976
# (340 megapixels): Tesseract held 3.5 GiB resident and OCRmyPDF 2.7 GiB for
# that one page. At 100 megapixels the same page needs ~1.1 GiB, and a tiny
# image scaled to a speck can no longer ask for a raster of any size.
#
# How: the two functions every rasterizing and text-layer step of _pipeline
# reads the page's resolution from are wrapped, so the page image, the OCR
# image and the hOCR text layer all use the same, lower resolution and the
# text stays aligned with the page (checked with pdftotext -bbox).
import math

from ocrmypdf import _pipeline, hookimpl
from ocrmypdf.helpers import Resolution

_page_square_dpi = _pipeline.get_page_square_dpi
_canvas_square_dpi = _pipeline.get_canvas_square_dpi


def _scale(pageinfo, options) -> float:
    """The factor (≤ 1) that keeps the page's raster within options.max_page_pixels."""
    limit = getattr(options, 'max_page_pixels', None)
    if not limit:
        return 1.0
    dpi = _page_square_dpi(pageinfo, options).x
    pixels = float(pageinfo.width_inches) * dpi * float(pageinfo.height_inches) * dpi
    return 1.0 if pixels <= limit else math.sqrt(limit / pixels)


def _page_square_dpi_limited(pageinfo, options) -> Resolution:
    dpi = _page_square_dpi(pageinfo, options)
    scale = _scale(pageinfo, options)
    return Resolution(dpi.x * scale, dpi.y * scale)


def _canvas_square_dpi_limited(pageinfo, options) -> Resolution:
    dpi = _canvas_square_dpi(pageinfo, options)
    scale = _scale(pageinfo, options)
    return Resolution(dpi.x * scale, dpi.y * scale)


_pipeline.get_page_square_dpi = _page_square_dpi_limited
_pipeline.get_canvas_square_dpi = _canvas_square_dpi_limited


@hookimpl
def add_options(parser):
    parser.add_argument(
        '--max-page-pixels',
        type=int,
        metavar='PIXELS',
        help='Rasterize a page for OCR at a resolution that keeps its image within PIXELS pixels.',
    )
