"""The device in a browser page (``topper web``): the firmware's own table shell
under MicroPython compiled to WebAssembly, on the host's virtual board.

One job a module: ``table`` (the Python the page runs: the board, its hands, bots),
``site`` (the folder the page is: what goes in it), ``serve`` (that folder on
localhost); the page's own script, markup and style are in ``static/``.
"""
