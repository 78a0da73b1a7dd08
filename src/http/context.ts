// What the middleware chain hangs on ctx.state, typed in one place.
import type { Logger } from 'pino';
import type { Account } from '../store/accounts.js';
import type { Charge } from '../store/usage.js';

export interface RequestState {
  requestId: string;
  log: Logger;
  account?: Account;
  charge?: Charge;
  /** Name of the operation (for logs and metrics). */
  operation?: string;
  /** Secret values the request carried (its password fields), scrubbed from anything logged for it. */
  secrets?: string[];
}

declare module 'koa' {
  interface DefaultState extends Partial<RequestState> {}
}
