// Typed errors carry only their problem code; the status comes from the one
// table in http/problem.ts (API.md §2). Each class lands on the status the
// contract gives its code.
import { describe, expect, it } from 'vitest';
import * as errors from '../../src/core/errors.js';
import { problemBody, problemStatus, toProblem } from '../../src/http/problem.js';

describe('problem status table', () => {
  it.each([
    [new errors.InvalidRequestError('x'), 400],
    [new errors.MissingApiKeyError(), 401],
    [new errors.NotFoundError(), 404],
    [new errors.UploadIdleTimeoutError(1000), 408],
    [new errors.ImageTooLargeError('a', 2, 2, 1), 413],
    [new errors.PageTooLargeError(1, 2, 1, 72), 413],
    [new errors.UnsupportedMediaTypeError('x'), 415],
    [new errors.PasswordRequiredError(), 422],
    [new errors.ResourceLimitError('x', 'MAX_PAGES'), 422],
    [new errors.ConcurrencyLimitError(1, 1), 429],
    [new errors.ProcessingFailedError(), 500],
    [new errors.QueueShareExceededError(1), 503],
    [new errors.OcrTimeoutError(1000, [1]), 504],
  ])('%s → %i', (error, status) => {
    expect(problemStatus(error)).toBe(status);
    expect(problemBody(error, 'r')).toMatchObject({ status, code: error.code });
    expect('status' in error).toBe(false);
  });

  it('anything that is not a ProblemError answers 500 processing_failed', () => {
    const problem = toProblem(new Error('qpdf exit 2'));
    expect([problemStatus(problem), problem.code]).toEqual([500, 'processing_failed']);
  });
});
