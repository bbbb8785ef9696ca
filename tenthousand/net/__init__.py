"""Play over the network: the wire protocol, the host's table server, the client, and
finding tables on the local network (no tkinter; the window talks to it through the job
runner)."""
