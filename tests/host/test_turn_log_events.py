"""A turn game's log names the device's buttons as the board streams them (``button``
events: a seat's short or long press, the table button, a chord); the log reader
(``topper.replay``, behind ``topper replay``) refuses a malformed one at its line."""

import pytest
from topper.replay import LogError

from topper import replay as core


def test_a_bad_button_event_names_its_line():
    head = '{"entry":"buttons","game":"tripp","log":"topper-table","seats":3,"seed":7,"v":1}'
    for bad in ('{"ev":"button","press":"tap","seat":1,"t":5}', '{"ev":"button","press":"short","t":5}'):
        with pytest.raises(LogError) as e:
            core.read([head, '{"ev":"start","t":0}', bad])
        assert e.value.line == 3 and "button event needs" in str(e.value)
