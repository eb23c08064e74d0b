// Kurtyna for VS Code: starts `kurtyna lsp` (a language server over stdin and stdout) for the YAML
// files and PO catalogs of a game folder. The effect language's highlighting needs no code: the
// grammars in ./syntaxes are declared in package.json. Plain JavaScript, no build step; the one
// dependency, vscode-languageclient, comes with `npm install` in this folder (docs/editors.md).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("kurtyna");
  const command = config.get("server.command") || "kurtyna";
  const run = { command, args: ["lsp"] };
  const serverOptions = { run, debug: run };
  const clientOptions = {
    // The server finds the game of each file (the nearest folder above it with a game.yaml) and
    // publishes nothing for a file outside one.
    documentSelector: [
      { scheme: "file", language: "yaml" },
      { scheme: "file", pattern: "**/*.po" },
      { scheme: "file", pattern: "**/*.pot" },
    ],
    outputChannelName: "Kurtyna",
  };
  client = new LanguageClient("kurtyna", "Kurtyna", serverOptions, clientOptions);
  client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `Kurtyna: could not start \`${command} lsp\` (${error.message || error}). ` +
        "Set kurtyna.server.command to the kurtyna program, e.g. a checkout's .venv/bin/kurtyna.",
    );
  });
  context.subscriptions.push({ dispose: () => (client ? client.stop() : undefined) });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
