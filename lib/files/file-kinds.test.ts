import { describe, expect, test } from "vitest";
import { filenameForType } from "./file-kinds";

describe("filenameForType", () => {
  test.each([
    ["offer.html", "application/pdf", "offer.pdf"],
    ["report", "application/pdf", "report.pdf"],
    ["Quarterly report.PDF", "application/pdf", "Quarterly report.pdf"],
    ["photo.PNG", "image/png", "photo.png"],
    ["x.jpeg", "image/jpeg", "x.jpeg"],
    ["x.JPG", "image/jpeg", "x.jpg"],
    ["picture.png", "image/jpeg", "picture.jpg"],
    ["anim.svg", "image/gif", "anim.gif"],
    ["shot.exe", "image/webp", "shot.webp"],
    ["offer.pdf.html", "application/pdf", "offer.pdf.pdf"],
    ["offer. .html", "application/pdf", "offer.pdf"],
    [".html", "application/pdf", "file.pdf"],
    ["Prix ö; 100%.png", "image/png", "Prix ö; 100%.png"],
  ])("[FILES] %s of type %s is saved as %s", (name, mimeType, expected) => {
    expect(filenameForType(name, mimeType)).toBe(expected);
  });

  test("[FILES] a type the service does not host leaves the name as it is", () => {
    expect(filenameForType("notes.txt", "text/plain")).toBe("notes.txt");
  });
});
