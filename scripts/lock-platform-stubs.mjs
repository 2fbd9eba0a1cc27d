// The npm registry reachable here serves only Linux builds of platform-specific packages, so
// `npm install` leaves the other platforms' optional dependencies out of package-lock.json and
// `npm ci` then refuses the lock ("Missing: ... from lock file"). This adds the missing optional
// entries (version, os and cpu from the package that declares them, marked optional), exactly
// what a lock made against the full registry records; npm skips them on other platforms.
// Run after changing dependencies: `node scripts/lock-platform-stubs.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORM_HINTS = [
  [/android/, { os: ["android"] }],
  [/darwin/, { os: ["darwin"] }],
  [/freebsd/, { os: ["freebsd"] }],
  [/openharmony/, { os: ["openharmony"] }],
  [/win32/, { os: ["win32"] }],
  [/wasm32|wasi/, { cpu: ["wasm32"] }],
  [/linux/, { os: ["linux"] }],
];
const CPU_HINTS = [
  [/arm64|aarch64/, "arm64"],
  [/x64|x86_64/, "x64"],
  [/ia32/, "ia32"],
  [/arm(-|$)|gnueabihf|musleabihf|eabi/, "arm"],
  [/loong64/, "loong64"],
  [/ppc64/, "ppc64"],
  [/riscv64/, "riscv64"],
  [/s390x/, "s390x"],
];

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const entry = { version, optional: true };
    const platform = PLATFORM_HINTS.find(([re]) => re.test(name))?.[1];
    if (platform?.os) entry.os = platform.os;
    if (platform?.cpu) entry.cpu = platform.cpu;
    const cpu = CPU_HINTS.find(([re]) => re.test(name.replace(/^@[^/]+\//, "")))?.[1];
    if (cpu && !entry.cpu) entry.cpu = [cpu];
    if (!entry.os && !entry.cpu) continue;
    packages[top] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
