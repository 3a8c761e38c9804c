/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

export default defineConfig({
  plugins: [solid()],
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  worker: { format: "es" },
  test: {
    // vite-plugin-solid defaults the environment to jsdom (not installed: jsdom >= 30 needs Node 22);
    // each project sets its own.
    environment: "node",
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "node", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", "node_modules/**"] },
      },
      {
        extends: true,
        test: { name: "dom", environment: "happy-dom", include: ["test/**/*.test.tsx"], exclude: ["test/e2e/**", "node_modules/**"] },
      },
    ],
    testTimeout: 30000,
  },
});
