# frozen_string_literal: true

# The 90 MiB input of the memory checks (also used by scripts/bench/client-ruby.ts): `ruby bigpdf.rb OUT`.
# One page with a 90 MiB content stream: unlock returns an unencrypted input unchanged.
module BigPdf
  SIZE = 90 * 1024 * 1024

  def self.write(path)
    File.open(path, "wb") do |f|
      offsets = []
      f.write("%PDF-1.4\n")
      ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>",
       "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>"].each do |body|
        offsets << f.pos
        f.write("#{offsets.size} 0 obj\n#{body}\nendobj\n")
      end
      offsets << f.pos
      f.write("4 0 obj\n<</Length #{SIZE}>>\nstream\n")
      block = "% padding line of a big content stream ........................................\n" * 8192
      written = 0
      while written < SIZE
        part = block.byteslice(0, SIZE - written)
        f.write(part)
        written += part.bytesize
      end
      f.write("\nendstream\nendobj\n")
      xref = f.pos
      f.write("xref\n0 5\n0000000000 65535 f \n#{offsets.map { |o| format("%010d 00000 n \n", o) }.join}")
      f.write("trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n#{xref}\n%%EOF\n")
    end
    path
  end
end

BigPdf.write(ARGV.fetch(0)) if $PROGRAM_NAME == __FILE__
