from scorekeeper.cli.launch import entry

entry()
