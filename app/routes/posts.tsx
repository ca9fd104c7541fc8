export default function Page() {
  return <main id="main">posts</main>;
}
