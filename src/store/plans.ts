/** Plan tiers and their daily allowance (API.md §2); null = unlimited. */
export const PLANS = {
  free: 100,
  pro: 10_000,
  enterprise: null,
} as const satisfies Record<string, number | null>;

export type Plan = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export function isPlan(value: string): value is Plan {
  return Object.hasOwn(PLANS, value);
}

export function dailyLimit(plan: Plan): number | null {
  return PLANS[plan];
}
