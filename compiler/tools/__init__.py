"""The tools: one module per `kurtyna` verb (build, test, sim, play, text...), each driving the
pipeline and the back ends. compiler/cli.py only wires arguments to them; nothing imports tools."""
