import { render } from "solid-js/web";

function App() {
  return (
    <main>
      <h1>capplan</h1>
      <p>Loading the workbook…</p>
    </main>
  );
}

render(() => <App />, document.getElementById("root")!);
