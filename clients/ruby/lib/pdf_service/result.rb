# frozen_string_literal: true

require "json"
require "stringio"
require "tempfile"
require_relative "headers"
require_relative "zip_reader"

module PdfService
  # A successful answer: the file (or JSON) with what its headers said.
  #
  # Given to a method's block, the body is still on the wire: read it once, as it arrives
  # (#each_chunk, #save, #write_to, #each_entry, or #read for small answers). Returned by a
  # method called without a block, the body has been spooled already (in memory up to
  # 1 MiB, beyond that to a temporary file), so it can be read more than once; #close
  # removes the temporary file (the garbage collector does it otherwise).
  class Result
    CHUNK = 64 * 1024
    IN_MEMORY = 1024 * 1024

    # HTTP status (200).
    attr_reader :status
    # Response headers, names lowercased.
    attr_reader :headers

    def initialize(response)
      @status = response.code.to_i
      @headers = {}
      response.each_header { |name, value| @headers[name] = value }
      @response = response
      @spool = nil
    end

    # A response header (X-Image-Count, X-Compressed-Size, X-Redactions, …).
    def [](name)
      @headers[name.to_s.downcase]
    end

    def content_type
      @headers["content-type"].to_s
    end

    # Content-Length as an Integer, when the service sent one.
    def content_length
      value = @headers["content-length"]
      value&.to_i
    end

    # The file name the service chose (Content-Disposition; the UTF-8 form preferred).
    def filename
      Headers.filename(@headers)
    end

    # X-Request-Id of this answer.
    def request_id
      @headers["x-request-id"]
    end

    # The account's allowance after this request (RateLimit), or nil on an unlimited plan.
    def rate_limit
      RateLimit.parse(@headers)
    end

    # Yields the body in chunks (as it arrives, when streaming). Without a block: an Enumerator.
    def each_chunk(&block)
      return enum_for(:each_chunk) unless block

      if @spool
        @spool.rewind
        while (chunk = @spool.read(CHUNK))
          yield chunk
        end
      elsif @response
        response = @response
        @response = nil # a body on the wire can be read once
        response.read_body(&block)
      else
        raise IOError, "the answer was already read (call the method without a block to keep it)"
      end
      self
    end

    # The whole body as a binary String.
    def read
      out = String.new(capacity: content_length || 0, encoding: Encoding::BINARY)
      consume { |chunk| out << chunk }
      out
    end
    alias bytes read

    # The body as text (UTF-8 unless the Content-Type names another charset).
    def text
      body = read
      charset = content_type[/charset=([\w-]+)/i, 1]
      body.force_encoding(charset ? Encoding.find(charset) : Encoding::UTF_8)
    rescue ArgumentError # a charset Ruby does not know
      body.force_encoding(Encoding::UTF_8)
    end

    # The body parsed as JSON (string keys).
    def json
      JSON.parse(read)
    end

    # Streams the body to `path`; returns the path.
    def save(path)
      File.open(path, "wb") { |file| write_to(file) }
      path
    end

    # Streams the body into any object with #write (an IO, a socket, a Rack body buffer).
    def write_to(io)
      consume { |chunk| io.write(chunk) }
      io
    end

    # Walks a ZIP answer entry by entry (ZipReader::Entry: #name, #size, #each_chunk, #read, #save).
    # The body goes to a temporary file first (a ZIP's directory is at its end), never into memory.
    def each_entry(&block)
      return enum_for(:each_entry) unless block

      if @spool
        ZipReader.new(@spool).each(&block)
      else
        Tempfile.create("pdf-service-zip", binmode: true) do |file|
          write_to(file)
          file.flush
          ZipReader.new(file).each(&block)
        end
      end
      self
    end

    # Removes the temporary file of a spooled answer.
    def close
      @spool.close! if @spool.is_a?(Tempfile)
      @spool = nil
      @response = nil
    end

    # Has the body been read (or spooled)? The client drains or drops what a block left unread.
    def pending?
      !@response.nil?
    end

    private

    # #each_chunk for readers that copy each chunk before the next: the chunk's memory is freed
    # at once (String#clear) instead of waiting for the garbage collector, which Net::HTTP's
    # 16 KiB reads do not wake often enough: a 90 MiB download grew the process by 69 MiB
    # without this and stays flat with it (scripts/bench/client-ruby.ts).
    def consume
      each_chunk do |chunk|
        yield chunk
        chunk.clear
      end
    end

    public

    # Reads the body off the wire into memory, or into a temporary file once it passes 1 MiB.
    def spool!
      return self unless @response

      spool = StringIO.new(String.new(encoding: Encoding::BINARY))
      consume do |chunk|
        if spool.is_a?(StringIO) && spool.size + chunk.bytesize > IN_MEMORY
          file = Tempfile.new("pdf-service-result", binmode: true)
          file.unlink # nothing to clean up if the process dies; the open handle keeps the data
          file.write(spool.string)
          spool = file
        end
        spool.write(chunk)
      end
      @spool = spool
      self
    end
  end
end
