"""Controls that never trust the page: the ipywidgets of the same names (``Dropdown``,
``ToggleButtons``, ``BoundedIntText``, ``IntText``, ``Checkbox``, ``Text``), each refusing as a
whole an update from the browser that its own traits reject or that writes what only Python may
write, and telling its owner (``_tk_refused``) so that the page shows a friendly message. The
dashboards' control bar and ``StatsExplorer`` are built from them.

>>> box = Dropdown(options=[("One", 1), ("Two", 2)], value=1)
>>> seen = []
>>> box._tk_refused = lambda widget, state: seen.append(state)
>>> box.set_state({"index": 7})  # what a forged message from the page does
>>> box.value, seen
(1, [{'index': 7}])
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import ipywidgets as widgets
from traitlets import TraitError


class _Guarded:
    """Mixin for controls a page may send values to: an update from the page that the widget's own traits
    reject (a text where a number goes, an index past the end, no selection at all), or that
    rewrites what only Python may write (a control's label, a selection's labels), is refused
    as a whole. The kernel keeps its values, the page is sent them again, and the owner shows a
    friendly message (``_tk_refused(widget, state)``) instead of a traceback in the kernel log.
    Values that do pass (a number beyond a forged ``max``) are the owner's to check again before
    use.
    """

    _tk_field: Callable[[str], str] | None = None
    _tk_refused: Callable[[Any, Any], None] | None = None
    #: Traits only Python writes: the label is read back into messages (``_tk_refused``).
    _never_from_page: frozenset[str] = frozenset({"description"})

    def _acceptable(self, state: Mapping[str, Any]) -> bool:
        return not any(key in self._never_from_page for key in state)

    def set_state(self, sync_data: Any) -> None:
        if isinstance(sync_data, dict) and self._acceptable(sync_data):
            try:
                super().set_state(sync_data)  # type: ignore[misc]
                return
            except TraitError:  # traitlets rolled back every trait of this update
                pass
        self.send_state()  # type: ignore[attr-defined]  # the page shows the kernel's values again
        if self._tk_refused is not None:
            self._tk_refused(self, sync_data)


class _GuardedSelection(_Guarded):
    """A selection also refuses a forged list of labels and an update that selects nothing."""

    _never_from_page = _Guarded._never_from_page | {"_options_labels"}

    def _acceptable(self, state: Mapping[str, Any]) -> bool:
        index = state.get("index", 0)
        return super()._acceptable(state) and isinstance(index, int) and not isinstance(index, bool)


# The ipywidgets of the same names, guarded (see ``_Guarded``).
class Dropdown(_GuardedSelection, widgets.Dropdown):
    pass


class ToggleButtons(_GuardedSelection, widgets.ToggleButtons):
    pass


class BoundedIntText(_Guarded, widgets.BoundedIntText):
    pass


class IntText(_Guarded, widgets.IntText):
    pass


class Checkbox(_Guarded, widgets.Checkbox):
    pass


class Text(_Guarded, widgets.Text):
    pass


__all__ = ["BoundedIntText", "Checkbox", "Dropdown", "IntText", "Text", "ToggleButtons"]
