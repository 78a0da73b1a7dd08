# frozen_string_literal: true

require "zlib"

module PdfService
  # Walks a ZIP archive held in a seekable file entry by entry, from its central directory,
  # inflating each entry in chunks: an entry is never read whole unless asked (#read).
  # The standard library has no ZIP reader; this one knows what the service writes
  # (stored and deflated entries, ZIP64 for large archives) and checks every CRC-32.
  class ZipReader
    include Enumerable

    CHUNK = 64 * 1024
    EOCD = "PK\x05\x06".b
    ZIP64_LOCATOR = "PK\x06\x07".b
    CENTRAL = "PK\x01\x02".b
    LOCAL = "PK\x03\x04".b

    # A malformed or unsupported archive.
    class FormatError < StandardError; end

    # One entry of the archive; read it (or stream it) while the walk is on it.
    class Entry
      attr_reader :name, :size, :compressed_size

      def initialize(file, name:, size:, compressed_size:, method:, crc:, offset:)
        @file = file
        @name = name
        @size = size
        @compressed_size = compressed_size
        @method = method
        @crc = crc
        @offset = offset
      end

      def directory?
        @name.end_with?("/")
      end

      # Yields the entry's bytes in chunks as they are inflated; checks size and CRC-32 at the end.
      def each_chunk
        return enum_for(:each_chunk) unless block_given?

        @file.seek(@offset)
        header = @file.read(30)
        raise FormatError, "no local header for #{@name}" unless header && header.byteslice(0, 4) == LOCAL

        name_length, extra_length = header.unpack("@26vv")
        @file.seek(@offset + 30 + name_length + extra_length)
        inflater = @method == 8 ? Zlib::Inflate.new(-Zlib::MAX_WBITS) : nil
        raise FormatError, "compression method #{@method} of #{@name} is not supported" unless inflater || @method.zero?

        crc = 0
        produced = 0
        left = @compressed_size
        while left.positive?
          raw = @file.read([left, CHUNK].min)
          raise FormatError, "#{@name} is truncated" unless raw

          left -= raw.bytesize
          chunk = inflater ? inflater.inflate(raw) : raw
          next if chunk.empty?

          crc = Zlib.crc32(chunk, crc)
          produced += chunk.bytesize
          yield chunk
        end
        if inflater
          tail = inflater.finish
          unless tail.empty?
            crc = Zlib.crc32(tail, crc)
            produced += tail.bytesize
            yield tail
          end
          inflater.close
        end
        raise FormatError, "#{@name}: size or CRC-32 does not match" unless produced == @size && crc == @crc
      end

      # The whole entry as a binary String.
      def read
        out = String.new(capacity: @size, encoding: Encoding::BINARY)
        each_chunk do |chunk|
          out << chunk
          chunk.clear
        end
        out
      end

      # Streams the entry to `path`; returns the path.
      def save(path)
        File.open(path, "wb") { |out| write_to(out) }
        path
      end

      # Streams the entry into any object with #write.
      def write_to(io)
        # Each chunk is freed once written (String#clear), as Result#consume explains.
        each_chunk do |chunk|
          io.write(chunk)
          chunk.clear
        end
        io
      end
    end

    def initialize(file)
      @file = file
    end

    # Yields each Entry (directories skipped) in archive order.
    def each
      return enum_for(:each) unless block_given?

      count, directory_size, directory_offset = directory_location
      @file.seek(directory_offset)
      # Read at once (46 bytes + name per entry: about 1 MB at the service's 10,000-entry limit),
      # because reading an entry moves the file's position.
      directory = @file.read(directory_size) || "".b
      position = 0
      count.times do
        entry, position = central_entry(directory, position)
        yield entry unless entry.directory?
      end
    end

    private

    # [entry count, central directory size, its offset], from the (ZIP64) end of central directory.
    def directory_location
      size = @file.size
      tail_length = [size, 22 + 65_535].min
      @file.seek(size - tail_length)
      tail = @file.read(tail_length)
      at = tail&.rindex(EOCD)
      raise FormatError, "not a ZIP archive (no end of central directory)" unless at

      count, directory_size, directory_offset = tail.unpack("@#{at + 10}vVV")
      locator = at >= 20 ? tail.byteslice(at - 20, 20) : nil
      return [count, directory_size, directory_offset] unless locator&.start_with?(ZIP64_LOCATOR)

      @file.seek(locator.unpack1("@8Q<"))
      zip64 = @file.read(56)
      raise FormatError, "bad ZIP64 end of central directory" unless zip64&.start_with?("PK\x06\x06".b)

      zip64.unpack("@32Q<Q<Q<")
    end

    def central_entry(directory, position)
      raise FormatError, "bad central directory" unless directory.byteslice(position, 4) == CENTRAL

      method, crc, compressed, size, name_length, extra_length, comment_length, offset =
        directory.unpack("@#{position + 10}v@#{position + 16}VVVvvv@#{position + 42}V")
      name = directory.byteslice(position + 46, name_length).force_encoding(Encoding::UTF_8)
      extra = directory.byteslice(position + 46 + name_length, extra_length)
      size, compressed, offset = zip64_values(extra, size, compressed, offset)
      entry = Entry.new(@file, name: name, size: size, compressed_size: compressed, method: method, crc: crc, offset: offset)
      [entry, position + 46 + name_length + extra_length + comment_length]
    end

    # ZIP64 extra field (0x0001): the 64-bit values, in this order, of those whose 32-bit field is 0xFFFFFFFF.
    def zip64_values(extra, size, compressed, offset)
      position = 0
      while position + 4 <= extra.bytesize
        tag, length = extra.unpack("@#{position}vv")
        if tag == 1
          values = extra.byteslice(position + 4, length).unpack("Q<*")
          size = values.shift if size == 0xFFFFFFFF
          compressed = values.shift if compressed == 0xFFFFFFFF
          offset = values.shift if offset == 0xFFFFFFFF
          break
        end
        position += 4 + length
      end
      [size, compressed, offset]
    end
  end
end
