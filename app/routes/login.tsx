export default function Page() {
  return <main id="main">login</main>;
}
