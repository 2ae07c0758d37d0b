// A part of the console whose code did not load: a page left open across an `npm run build` asks
// for files of the build before, which the server no longer has (or the server is down). Said,
// with what to do, rather than a blank page or a box left empty.

export function NotLoaded() {
  return (
    <p className="error" role="alert">
      This part of the console did not load: the console was rebuilt on the server since this page
      was opened (npm run build), or the server is down. Reload the page.
    </p>
  );
}
