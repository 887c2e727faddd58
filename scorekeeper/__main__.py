from scorekeeper.cli.main import entry

entry()
