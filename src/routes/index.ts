// Every operation the service offers; one line per route file.
import type { OperationRoute } from './definition.js';
import { mergeRoute } from './merge.js';
import { protectRoute } from './protect.js';
import { splitRoute } from './split.js';
import { unlockRoute } from './unlock.js';

export const operationRoutes: OperationRoute[] = [mergeRoute, splitRoute, protectRoute, unlockRoute];

export function findOperation(name: string): OperationRoute | undefined {
  return operationRoutes.find((route) => route.name === name);
}
