/**
 * A small compressed answer that decompresses to a large one: `mebibytes` MiB of JSON whitespace
 * ahead of `{}`, gzipped as it is made (128 MiB become about 128 KiB), for the answer-limit tests
 * and the decompression benchmark.
 */
import { createGzip } from "node:zlib"

const MiB = 1024 * 1024

export const gzipBomb = (mebibytes = 128): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 9 })
    const parts: Array<Buffer> = []
    gzip.on("data", (part: Buffer) => parts.push(part))
    gzip.on("end", () => resolve(Buffer.concat(parts)))
    gzip.on("error", reject)
    const spaces = Buffer.alloc(MiB, 0x20)
    let left = mebibytes
    const write = () => {
      while (left > 0) {
        left--
        if (!gzip.write(spaces)) return void gzip.once("drain", write)
      }
      gzip.end("{}")
    }
    write()
  })
