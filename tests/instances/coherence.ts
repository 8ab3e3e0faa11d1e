import { expect } from "vitest";
import type { Instance } from "./cluster";

/** A catalogue item as `GET /api/prices` lists it (the fields these tests read). */
export interface Price {
  _id: string;
  Id: string;
  Name: string;
  Info: string;
  ImageId: string;
  Note: string;
  SpecialLink: string;
  category: string;
  status: string;
  plans: Record<string, number>;
}

export async function getJson<T>(instance: Instance, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${instance.url}${path}`, { headers });
  expect(response.status, `GET ${path} on ${instance.url}`).toBe(200);
  return (await response.json()) as T;
}

/** A page as an anonymous shopper gets it, and whether it came from the instance's page cache. */
export async function page(instance: Instance, path: string) {
  const response = await fetch(`${instance.url}${path}`);
  return { status: response.status, body: await response.text(), cached: response.headers.get("x-page-cache") === "hit" };
}

/** An admin's write; resolves at the moment its answer (a 2xx) is in, as `performance.now()`. */
export async function admin(instance: Instance, headers: Record<string, string>, method: string, path: string, body?: object): Promise<number> {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body && JSON.stringify(body),
  });
  const answeredAt = performance.now();
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.text()}`).toBe(true);
  return answeredAt;
}

/** Asks `check` until it holds; fails when it does not within `withinMs` of `since` (a `performance.now()`). */
export async function eventually(withinMs: number, since: number, what: string, check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await check()) return;
    if (performance.now() - since > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
