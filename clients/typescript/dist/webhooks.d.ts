export declare class WebhookVerificationError extends Error {
}
/**
 * Verifies a webhook the service sent; returns the parsed event. Throws
 * WebhookVerificationError when a header is missing, the timestamp is more than
 * `toleranceSeconds` (default 300) away from now, or no signature matches.
 * `body` must be the raw request body, exactly as received.
 */
export declare function verifyWebhook<T = unknown>(headers: Headers | Record<string, string | string[] | undefined>, body: string | Uint8Array, secret: string, options?: {
    toleranceSeconds?: number;
    now?: Date;
}): Promise<T>;
