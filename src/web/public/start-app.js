// A page the server rendered shows without the app: the app is fetched once the page has loaded
// (its pictures first) and has been painted, and then takes the markup over (docs/seo.md, "First load").
(function () {
  var app = document.currentScript.dataset.app;
  var start = function () {
    import(app);
  };
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
