"""mahjong_ui.tasks: a background task is held until it is done, and its exception reported."""
import asyncio
import gc

from mahjong_ui import tasks


def test_a_spawned_task_is_held_until_done_and_its_error_reported(capsys):
    finished = []

    async def work(fail: bool) -> None:
        await asyncio.sleep(0)
        gc.collect()                  # nothing else holds the task: it must survive this
        await asyncio.sleep(0)
        if fail:
            raise ValueError("lost")
        finished.append(True)

    async def main() -> None:
        tasks.spawn(work(False))
        tasks.spawn(work(True))
        assert tasks.running() == 2
        for _ in range(10):
            await asyncio.sleep(0)

    asyncio.run(main())
    assert finished == [True]
    assert tasks.running() == 0
    assert "ValueError('lost')" in capsys.readouterr().err
