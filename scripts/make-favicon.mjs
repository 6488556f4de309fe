// Renders app/icon.svg into app/favicon.ico (16 and 32 px PNGs in an ICO container), for clients
// that ask for /favicon.ico whatever the page links. Run after changing the icon:
//   node scripts/make-favicon.mjs
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("app/icon.svg");
const sizes = [16, 32];
const images = await Promise.all(sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()));

const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(images.length, 4);
const entries = [];
let offset = 6 + 16 * images.length;
images.forEach((png, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(sizes[i], 0); // width
  entry.writeUInt8(sizes[i], 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  entries.push(entry);
});
fs.writeFileSync("app/favicon.ico", Buffer.concat([header, ...entries, ...images]));
console.log(`app/favicon.ico: ${sizes.join(", ")} px`);
