import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (local: string) => `${local}-${Date.now().toString(36)}@example.test`;

describe("[ACCOUNT] sign-up refuses passwords that are easy to guess", () => {
  it.each([
    ["shorter than 12 characters", () => "Xk3#vq9!", /at least 12 characters/],
    ["a common password", () => "12345678", /at least 12 characters/],
    ["a common password padded to length", () => "Password1234!", /too common/],
    ["a common long password", () => "qwertyuiop123", /too common/],
    ["one character repeated", () => " ".repeat(12), /more than one distinct character/],
    ["the email itself", (email: string) => email, /email address/],
    ["the email's local part", (email: string) => email.split("@")[0], /email address/],
  ])("answers 400 with the issue on password for %s, creating no account", async (_, password, message) => {
    const email = uniqueEmail("grace.hopper.navy");
    const res = await apiClient(server.url).post("/api/account/signup", { email, password: password(email), name: "Grace" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.details.issues).toEqual([expect.objectContaining({ path: "password", message: expect.stringMatching(message) })]);
    expect(await (await getDb()).user.count({ where: { email } })).toBe(0);
  });

  it("accepts a long uncommon password", async () => {
    const res = await apiClient(server.url).post("/api/account/signup", {
      email: uniqueEmail("strong"),
      password: "correct horse battery",
      name: "Strong",
    });
    expect(res.status).toBe(202);
  });
});
