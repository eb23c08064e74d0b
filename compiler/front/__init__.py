"""The front end: content files -> a checked, typed model (load, schema, declare, resolve, checks).
Imports only dsl/, compiler.diagnostics and compiler.fsio; knows nothing of the back ends or tools."""
