import { describe, expect, it } from "vitest";
import { renderMail } from "../render";
import { PRODUCT_NAME } from "./layout";
import { webhookDisabledMail } from "./webhook-disabled";

describe("[MAIL] webhook disabled", () => {
  it("names the company and the endpoint, says why it stopped and how to turn it back on, on the shared layout", async () => {
    const content = webhookDisabledMail({
      companyName: "Acme <Sales>",
      url: "https://hooks.example.test/coursewright",
      failures: 20,
      lastError: "The endpoint answered 500",
      link: "https://courses.example.test/proposals",
    });
    const { subject, text, html } = await renderMail(content);
    expect(subject).toBe("A webhook of Acme <Sales> was turned off");
    expect(text).toContain("https://hooks.example.test/coursewright");
    expect(text).toContain("the last 20 attempts in a row failed");
    expect(text).toContain("The endpoint answered 500");
    expect(text).toContain("enabled: true");
    expect(text).toContain("https://courses.example.test/proposals");
    expect(text).toMatch(/You got this mail because you are an owner of Acme <Sales>/);
    expect(html).toContain('href="https://courses.example.test/proposals"');
    expect(html).toContain(PRODUCT_NAME);
    // The company's name is text, never markup.
    expect(html).not.toContain("<Sales>");
  });
});
