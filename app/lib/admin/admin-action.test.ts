import { expect, test } from "vitest";
import { savePriceSchema } from "../../features/admin-prices/price-actions";
import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { answer, reachServer } from "./admin-action";

const post = (body: string) => new Request("http://x/admin/prices.data", { method: "POST", headers: { "content-type": "application/json" }, body });
const fields = { Name: "Netflix", Id: "7", ImageId: "/images/netflix.svg", Category: "ott", SpecialLink: "/prices", plans: { "1": "500" } };

test("a form the schema refuses is answered 400 with each message under its field, and nothing is written", async () => {
  let written = false;
  const result = await answer(
    post(JSON.stringify({ intent: "create", fields: { ...fields, Name: " ", plans: { "1": "0" } } })),
    savePriceSchema,
    async () => {
      written = true;
      return "saved";
    },
  );
  expect(written).toBe(false);
  expect(result.init?.status).toBe(400);
  expect(result.data).toEqual({
    ok: false,
    message: "Name is required",
    errors: { Name: "Name is required", "plans.1": "Plan price must be a whole number of rupees greater than 0" },
  });
});

test("the write gets the schema's output, and its message is the answer", async () => {
  const result = await answer(
    post(JSON.stringify({ intent: "create", fields })),
    savePriceSchema,
    async (form) => `${form.fields.Name} added with ${form.fields.plans["1"]}`,
  );
  expect(result.data).toEqual({ ok: true, message: "Netflix added with 500" });
});

test("a service's refusal meant for the admin keeps its status and field; a body that is not JSON is named", async () => {
  const taken = await answer(post(JSON.stringify({ intent: "create", fields })), savePriceSchema, async () => {
    // As the services' HttpError (server/errors.ts) is shaped; app/ does not import the server.
    throw Object.assign(new Error("Another price already uses Id 7"), {
      statusCode: 409,
      errors: [{ field: "Id", message: "Another price already uses Id 7" }],
    });
  });
  expect(taken.init?.status).toBe(409);
  expect(taken.data).toEqual({ ok: false, message: "Another price already uses Id 7", errors: { Id: "Another price already uses Id 7" } });

  const garbled = await answer(post("Name=Netflix"), savePriceSchema, async () => "saved");
  expect(garbled.init?.status).toBe(400);
  expect(garbled.data).toMatchObject({ ok: false, message: "Send the form as JSON" });
});

test("any other failure is the server's, and is thrown rather than shown as the admin's mistake", async () => {
  await expect(
    answer(post(JSON.stringify({ intent: "create", fields })), savePriceSchema, async () => Promise.reject(new Error("disk full"))),
  ).rejects.toThrow("disk full");
});

test("reachServer tells a dropped connection from a failing server, and lets a redirect and an ended session through", async () => {
  const failing = (error: unknown) => reachServer({ serverAction: () => Promise.reject(error) });
  expect(await failing(new TypeError("Failed to fetch"))).toMatchObject({ ok: false, unreached: "network" });
  expect(await failing(new ErrorResponseImpl(500, "Internal Server Error", null))).toMatchObject({ ok: false, unreached: "server" });
  const toSignIn = redirect("/admin/login");
  await expect(failing(toSignIn)).rejects.toBe(toSignIn);
  const ended = new ErrorResponseImpl(401, "Unauthorized", null);
  await expect(failing(ended)).rejects.toBe(ended);
});
