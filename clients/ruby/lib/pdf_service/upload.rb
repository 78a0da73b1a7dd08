# frozen_string_literal: true

require "pathname"
require "stringio"

module PdfService
  # A file the service downloads itself instead of an upload (docs/api.md "Remote files"): sent
  # as "<part>_url" (file_url, files_url, logo_url, …). https only, unless the server runs with
  # FETCH_ALLOW_PRIVATE.
  #
  #   client.compress(PdfService::RemoteFile.new("https://files.example.com/scan.pdf"))
  RemoteFile = Struct.new(:url)

  # A file to upload with the name the service should see. Plain inputs need no wrapper:
  # a String or Pathname is a path on disk (streamed, never read whole) and anything
  # with #read (File, IO, StringIO, a pipe) is a stream. Wrap to name a part, or to send bytes:
  #
  #   PdfService::Upload.bytes(pdf_data, filename: "report.pdf")
  #   PdfService::Upload.new($stdin, filename: "scan.pdf")
  class Upload
    attr_reader :source, :filename

    # source: a path (String/Pathname) or an IO; filename: the part's file name.
    def initialize(source, filename: nil)
      @source = source
      @filename = filename
    end

    # Bytes held in memory (a String of any encoding), sent as they are.
    def self.bytes(data, filename: "upload")
      new(StringIO.new(data.b), filename: filename)
    end

    # One part's source opened for one attempt: an IO to read, its byte size if known, and its name.
    # Paths are opened here (and closed by #close); streams are read from where they stand.
    class Opened
      attr_reader :io, :size, :filename

      def initialize(input)
        name = nil
        if input.is_a?(Upload)
          name = input.filename
          input = input.source
        end
        case input
        when String, Pathname
          @io = File.open(input.to_s, "rb")
          @owned = true
          @size = @io.size
          name ||= File.basename(input.to_s)
        else
          raise TypeError, "cannot upload #{input.class}: pass a path, an IO or PdfService::Upload.bytes(data)" unless input.respond_to?(:read)

          @io = input
          @start = position_of(input)
          @size = remaining_size(input)
          name ||= input.original_filename if input.respond_to?(:original_filename) # Rack/Rails uploads
          name ||= File.basename(input.path) if input.respond_to?(:path) && input.path
        end
        @filename = name.to_s.empty? ? "upload" : name.to_s
      end

      # Puts a stream back where it started, for a retry; false when it cannot be rewound (a pipe).
      def rewind
        return false unless @owned || @start

        @io.seek(@start || 0)
        true
      rescue SystemCallError, IOError
        false
      end

      def close
        @io.close if @owned && !@io.closed?
      end

      private

      def position_of(io)
        io.respond_to?(:pos) ? io.pos : nil
      rescue SystemCallError, IOError
        nil # pipes and sockets have no position
      end

      def remaining_size(io)
        return nil unless @start

        total = if io.respond_to?(:size) then io.size
                elsif io.respond_to?(:stat) && io.stat.file? then io.stat.size
                end
        total && total - @start
      rescue SystemCallError, IOError
        nil
      end
    end
  end
end
