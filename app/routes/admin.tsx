export default function Page() {
  return <main id="main">admin</main>;
}
