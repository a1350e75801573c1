#!/usr/bin/env node
// check.mjs drives yaml-language-server over stdio, as an editor does,
// and prints the diagnostics it publishes for one manifest validated
// against one JSON Schema (associated through the yaml.schemas setting).
//
// Usage:
//   node hack/yamlls/check.mjs --workdir DIR --install-only
//   node hack/yamlls/check.mjs --workdir DIR --schema FILE --manifest FILE
//
// It installs yaml-language-server (the version below) with npm into DIR
// when DIR does not have it yet, never into the repository. The
// diagnostics are printed as one JSON array: {line, character, severity,
// message}, lines and characters counted from 0 as LSP does.
// cmd: pkg/jsonschema's TestYAMLLanguageServerReadsTheSchemas runs it.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// 1.19.2 runs on Node.js 20 (2.x asks for 22.13) and reads draft-07, as every
// version does.
const version = '1.19.2';

function args() {
  const out = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--install-only') out.installOnly = true;
    else if (a.startsWith('--')) out[a.slice(2)] = argv[++i];
  }
  if (!out.workdir) fail('--workdir DIR is required');
  return out;
}

function fail(msg) {
  process.stderr.write(`check.mjs: ${msg}\n`);
  process.exit(2);
}

// install installs yaml-language-server into dir unless it is there.
function install(dir) {
  const bin = join(dir, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
  const pkg = join(dir, 'node_modules', 'yaml-language-server', 'package.json');
  if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === version) return bin;
  const r = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `yaml-language-server@${version}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) fail(`npm install yaml-language-server@${version} into ${dir} failed`);
  return bin;
}

// Server is a language server on stdio: requests, notifications, and
// what it sends.
class Server {
  constructor(bin, settings) {
    this.proc = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.settings = settings;
    this.buf = Buffer.alloc(0);
    this.id = 0;
    this.pending = new Map();
    this.onNotify = () => {};
    this.proc.stdout.on('data', (d) => this.read(d));
  }

  send(msg) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  request(method, params) {
    const id = ++this.id;
    this.send({ id, method, params });
    return new Promise((res) => this.pending.set(id, res));
  }

  notify(method, params) {
    this.send({ method, params });
  }

  read(data) {
    this.buf = Buffer.concat([this.buf, data]);
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const m = /Content-Length: (\d+)/i.exec(this.buf.slice(0, end).toString());
      const len = Number(m[1]);
      if (this.buf.length < end + 4 + len) return;
      const msg = JSON.parse(this.buf.slice(end + 4, end + 4 + len).toString('utf8'));
      this.buf = this.buf.slice(end + 4 + len);
      this.dispatch(msg);
    }
  }

  dispatch(msg) {
    if (msg.id !== undefined && msg.method) {
      // A request of the server: the settings, or nothing.
      const result = msg.method === 'workspace/configuration' ? msg.params.items.map((it) => (it.section === 'yaml' ? this.settings.yaml : it.section ? null : this.settings)) : null;
      this.send({ id: msg.id, result });
    } else if (msg.id !== undefined) {
      this.pending.get(msg.id)?.(msg.result);
    } else {
      this.onNotify(msg);
    }
  }
}

async function main() {
  const a = args();
  const bin = install(resolve(a.workdir));
  if (a.installOnly) return;
  if (!a.schema || !a.manifest) fail('--schema FILE and --manifest FILE are required');
  const schema = pathToFileURL(resolve(a.schema)).href;
  const manifest = pathToFileURL(resolve(a.manifest)).href;
  const settings = {
    yaml: {
      validate: true,
      schemas: { [schema]: [manifest] },
      schemaStore: { enable: false },
      kubernetesCRDStore: { enable: false },
    },
  };
  const srv = new Server(bin, settings);
  let last = null;
  let timer = null;
  const done = new Promise((res) => {
    srv.onNotify = (msg) => {
      if (msg.method !== 'textDocument/publishDiagnostics' || msg.params.uri !== manifest) return;
      last = msg.params.diagnostics;
      clearTimeout(timer);
      // The diagnostics of a document settle once the schema is loaded.
      timer = setTimeout(res, 1500);
    };
    setTimeout(res, 30000);
  });
  await srv.request('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  srv.notify('initialized', {});
  srv.notify('workspace/didChangeConfiguration', { settings });
  srv.notify('textDocument/didOpen', { textDocument: { uri: manifest, languageId: 'yaml', version: 1, text: readFileSync(a.manifest, 'utf8') } });
  await done;
  if (last === null) fail('yaml-language-server published no diagnostics for the manifest');
  const out = last.map((d) => ({ line: d.range.start.line, character: d.range.start.character, severity: d.severity, message: d.message }));
  srv.proc.kill();
  // The time-out would keep Node.js running: exit once the line is out.
  process.stdout.write(JSON.stringify(out) + '\n', () => process.exit(0));
}

main().catch((e) => fail(String(e?.stack || e)));
