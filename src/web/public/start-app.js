// A page the server rendered shows without the app: the app is fetched once the page has loaded
// (its pictures first) and has been painted, and then takes the markup over (docs/seo.md, "First load").
// A button pressed before that is not lost: the app is fetched at once, and the press is repeated
// once the app has taken the page over (it marks <html data-ready>). Links work as links meanwhile.
(function () {
  var app = document.currentScript.dataset.app;
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    import(app);
  };

  var pressed = [];
  var holdPress = function (event) {
    var button = event.target instanceof Element && event.target.closest('button');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (pressed.indexOf(button) < 0) pressed.push(button);
    start();
  };
  document.addEventListener('click', holdPress, true);
  new MutationObserver(function (_, observer) {
    if (document.documentElement.dataset.ready !== 'true') return;
    observer.disconnect();
    document.removeEventListener('click', holdPress, true);
    pressed.forEach(function (button) {
      if (button.isConnected) button.click();
    });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-ready'] });

  var painted = function () {
    return performance.getEntriesByName('first-contentful-paint').length > 0;
  };
  var afterFirstPaint = function () {
    var observable = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
    if (!observable || painted()) return start();
    var observer = new PerformanceObserver(function () {
      if (!painted()) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
})();
