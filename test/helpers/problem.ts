// Reads an error response for assertions: status plus the problem+json body.
// A success body (a PDF, text) gives only the status, so a failing assertion
// names the unexpected status instead of a JSON parse error.

/** `{ status, ...problem }` of `res`. */
export async function problemOf(res: Response): Promise<Record<string, any> & { status: number }> {
  const body = await res.text();
  return res.headers.get('content-type')?.startsWith('application/problem+json')
    ? { status: res.status, ...JSON.parse(body) }
    : { status: res.status };
}
