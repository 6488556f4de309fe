import { afterEach, describe, expect, it, vi } from "vitest";
import { mailFrom } from "./worker";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("[MAIL] MAIL_FROM", () => {
  it("is split into the name mails go out under and the address", () => {
    const from = (value: string) => {
      vi.stubEnv("MAIL_FROM", value);
      return mailFrom();
    };
    expect(from("")).toEqual({ name: "Coursewright", address: "no-reply@localhost" });
    expect(from("Sunny Courses <courses@sunny.example>")).toEqual({ name: "Sunny Courses", address: "courses@sunny.example" });
    expect(from(' "Sunny \\"Roofs\\", AB" <sales@sunny.example> ')).toEqual({ name: 'Sunny "Roofs", AB', address: "sales@sunny.example" });
    expect(from("<sales@sunny.example>")).toEqual({ name: "Coursewright", address: "sales@sunny.example" });
    expect(from("sales@sunny.example")).toEqual({ name: "Coursewright", address: "sales@sunny.example" });
    expect(from("not an address")).toEqual({ name: "Coursewright", address: "no-reply@localhost" });
  });
});
