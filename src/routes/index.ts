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
import { bookletRoute } from './booklet.js';
import { cropRoute } from './crop.js';
import { nUpRoute } from './n-up.js';
import { overlayRoute } from './overlay.js';
import { removeBlankRoute } from './remove-blank.js';
import { resizeRoute } from './resize.js';

export const operationRoutes: OperationRoute[] = [mergeRoute, splitRoute, protectRoute, unlockRoute, ocrRoute, extractTextRoute, watermarkRoute, convertRoute, imagesRoute, compressRoute,
  rotateRoute, organizeRoute, pageNumbersRoute, metadataRoute, repairRoute, flattenRoute];

// Redaction, signatures: kept on their own line to merge cleanly.
operationRoutes.push(redactRoute, signRoute, verifyRoute);

export function findOperation(name: string): OperationRoute | undefined {
  return operationRoutes.find((route) => route.name === name);
}

// Page layout: crop, resize, n-up, booklet, overlay, remove-blank.
operationRoutes.push(cropRoute, resizeRoute, nUpRoute, bookletRoute, overlayRoute, removeBlankRoute);
