# pdo self-check: a real two-process all_reduce with the gloo backend on CPU, on 127.0.0.1 only.
# pdo runs it with the detected Python and a timeout; it installs nothing and talks to no other host.
import datetime
import socket
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

WORLD_SIZE = 2


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(rank, port):
    dist.init_process_group(
        "gloo",
        init_method="tcp://127.0.0.1:%d" % port,
        rank=rank,
        world_size=WORLD_SIZE,
        timeout=datetime.timedelta(seconds=60),
    )
    t = torch.tensor([float(rank + 1)])
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    print("rank %d: all_reduce sum = %s" % (rank, t.item()), flush=True)
    if t.item() != 3.0:
        sys.exit(1)
    dist.destroy_process_group()


if __name__ == "__main__":
    print("torch", torch.__version__, flush=True)
    mp.spawn(worker, args=(free_port(),), nprocs=WORLD_SIZE, join=True)
    print("gloo all_reduce OK: 2 processes, sum = 3.0", flush=True)
