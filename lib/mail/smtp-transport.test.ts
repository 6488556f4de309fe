import { describe, expect, it } from "vitest";
import { smtpOptions } from "./smtp-transport";

describe("[MAIL] SMTP_URL as the transport's options", () => {
  it("reads a URL as nodemailer reads one: TLS for smtps, the port, user and password decoded", () => {
    expect(smtpOptions("smtp://ann%40example.com:p%3Ass%20w@mail.example.com:587")).toEqual({
      secure: false,
      host: "mail.example.com",
      port: 587,
      auth: { user: "ann@example.com", pass: "p:ss w" },
    });
    expect(smtpOptions("smtps://mail.example.com")).toEqual({ secure: true, host: "mail.example.com" });
    expect(smtpOptions("smtp://[::1]:2525")).toEqual({ secure: false, host: "::1", port: 2525 });
  });

  it("takes further options from the query, tls.* ones nested, numbers and booleans as such, never over the URL's own", () => {
    expect(
      smtpOptions(
        "smtps://mail.example.com:465?tls.servername=relay.example.com&tls.rejectUnauthorized=false&name=app&logger=true&port=25&a.b=1",
      ),
    ).toEqual({
      secure: true,
      host: "mail.example.com",
      port: 465,
      name: "app",
      logger: true,
      tls: { servername: "relay.example.com", rejectUnauthorized: false },
    });
    expect(smtpOptions("smtp://mail.example.com?connectionTimeout=5000&name=first&name=second")).toMatchObject({
      connectionTimeout: 5000,
      name: "first",
    });
  });
});
