"""A Modbus device that speaks RTU frames over TCP, as a DTU in transparent transmission passes a
serial line's frames through, served by Debian's python3-pymodbus: a Modbus implementation nobody
here wrote, for the collector's RTU over TCP to be read against.

    python3 modbusRtuPeer.py UNIT WORD [WORD ...]

serves the words as holding registers and as input registers 0, 1, ... of slave UNIT on 127.0.0.1,
at a port of the system's choosing (so that no two runs can clash), and prints
"listening on 127.0.0.1:PORT" once it listens. A frame for another unit gets no answer, as on a
serial line where no such slave is. It runs until it is ended (SIGTERM).
"""

import asyncio
import sys

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.server.async_io import ModbusTcpServer
from pymodbus.transaction import ModbusRtuFramer


async def serve(unit: int, words: list[int]) -> None:
    # zero_mode: register 0 of a request is the first word (pymodbus otherwise reads from address 1).
    slave = ModbusSlaveContext(
        hr=ModbusSequentialDataBlock(0, words), ir=ModbusSequentialDataBlock(0, words), zero_mode=True
    )
    context = ModbusServerContext(slaves={unit: slave}, single=False)
    server = ModbusTcpServer(context, framer=ModbusRtuFramer, address=("127.0.0.1", 0))
    serving = asyncio.create_task(server.serve_forever())
    await asyncio.wait({serving, server.serving}, return_when=asyncio.FIRST_COMPLETED)
    if serving.done():
        # It could not listen: its exception says why, and the process ends with it.
        serving.result()
    port = server.server.sockets[0].getsockname()[1]
    print(f"listening on 127.0.0.1:{port}", flush=True)
    await serving


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    asyncio.run(serve(int(sys.argv[1]), [int(word) for word in sys.argv[2:]]))
