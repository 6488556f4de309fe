import type { MetadataRoute } from "next";

// Served at /manifest.webmanifest and linked from every page's head by Next.js.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Coursewright",
    short_name: "Coursewright",
    description: "Build courses, teach learners, and send proposals.",
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#2159d1",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/favicon.ico", sizes: "32x32", type: "image/x-icon" },
    ],
  };
}
