export default function Page() {
  return <main id="main">post</main>;
}
