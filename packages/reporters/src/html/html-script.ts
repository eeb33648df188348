/**
 * The report's one script, inline. It only adds behaviour to markup that is complete without it
 * (JavaScript off shows every table): the case filters and sorting of any table column, and a chart
 * bar that filters the cases to its tool. It reads the DOM, never data of its own, and fetches nothing.
 */
export const HTML_SCRIPT = `
(function () {
  'use strict';
  var table = document.getElementById('cases');
  var filters = document.getElementById('case-filters');
  var shown = document.getElementById('cases-shown');
  var NUMBER = /^-?[0-9]+(?:[.][0-9]+)?(?:e[-+]?[0-9]+)?$/;
  var state = { status: '', kind: '', check: '', tool: '', model: '' };
  function apply() {
    if (!table) return;
    var rows = table.tBodies[0].rows, visible = 0;
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i], keep = true;
      for (var key in state) {
        if (state[key] !== '' && row.getAttribute('data-' + key) !== state[key]) keep = false;
      }
      row.hidden = !keep;
      if (keep) visible++;
    }
    if (shown) shown.textContent = visible + ' of ' + rows.length + ' shown';
  }
  var hint = document.getElementById('tools-hint');
  if (hint && filters) hint.hidden = false;
  if (filters) {
    filters.hidden = false;
    var buttons = filters.querySelectorAll('button[data-status]');
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener('click', function () {
        state.status = button.getAttribute('data-status');
        Array.prototype.forEach.call(buttons, function (other) { other.setAttribute('aria-pressed', String(other === button)); });
        apply();
      });
    });
    Array.prototype.forEach.call(filters.querySelectorAll('select[data-filter]'), function (select) {
      select.addEventListener('change', function () { state[select.getAttribute('data-filter')] = select.value; apply(); });
    });
  }
  document.addEventListener('click', function (event) {
    var bar = event.target instanceof Element ? event.target.closest('g.row[data-tool]') : null;
    var select = filters ? filters.querySelector('select[data-filter=tool]') : null;
    if (!bar || !select) return;
    var tool = bar.getAttribute('data-tool');
    var known = Array.prototype.some.call(select.options, function (option) { return option.value === tool; });
    select.value = known ? tool : '';
    state.tool = select.value;
    apply();
    table.scrollIntoView({ block: 'start' });
  });
  function cellValue(row, index) {
    var cell = row.cells[index];
    if (!cell) return '';
    var sort = cell.getAttribute('data-sort');
    return sort === null ? cell.textContent.trim() : sort;
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (sortable) {
    Array.prototype.forEach.call(sortable.tHead.rows[0].cells, function (th, index) {
      var button = document.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        Array.prototype.forEach.call(sortable.tHead.rows[0].cells, function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var body = sortable.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a, index), y = cellValue(b, index);
          var order = NUMBER.test(x) && NUMBER.test(y) ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
  apply();
})();
`;
