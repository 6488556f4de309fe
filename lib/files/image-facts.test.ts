import { describe, expect, test } from "vitest";
import { imageFacts } from "./image-facts";
import { gifBytes, jpegBytes, pdfBytes, pngBytes, SVG_BYTES } from "./test-images";

describe("imageFacts", () => {
  test.each([
    ["PNG", pngBytes(3, 2), { mimeType: "image/png", width: 3, height: 2 }],
    ["GIF", gifBytes(2, 5), { mimeType: "image/gif", width: 2, height: 5 }],
    ["JPEG", jpegBytes(640, 480), { mimeType: "image/jpeg", width: 640, height: 480 }],
  ])("[FILES] a %s's type and size are read from its bytes", async (_name, bytes, facts) => {
    expect(await imageFacts(bytes)).toEqual(facts);
  });

  test.each([
    ["a PDF", pdfBytes()],
    ["an SVG, which can carry scripts", SVG_BYTES],
    ["HTML", Buffer.from("<!doctype html><title>x</title>")],
    ["empty bytes", Buffer.alloc(0)],
    ["a PNG signature with a truncated header", pngBytes(3, 2).subarray(0, 12)],
  ])("[FILES] %s is not an image", async (_name, bytes) => {
    expect(await imageFacts(bytes)).toBeNull();
  });
});
