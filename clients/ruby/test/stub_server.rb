# frozen_string_literal: true

require "socket"

# A scripted HTTP/1.1 server for the unit tests of what the real service cannot be made to do on
# demand (answer 503 server_busy, drop a connection): each request gets the next scripted answer
# ([status, headers, body], or :close to hang up); every request is recorded with its raw body.
class StubServer
  Request = Struct.new(:method, :path, :headers, :body, keyword_init: true)

  attr_reader :requests

  def initialize(answers)
    @answers = answers
    @requests = []
    @server = TCPServer.new("127.0.0.1", 0)
    @thread = Thread.new { serve }
  end

  def url
    "http://127.0.0.1:#{@server.addr[1]}"
  end

  def close
    @thread.kill
    @server.close
  end

  private

  def serve
    loop do
      socket = @server.accept
      Thread.new(socket) { |s| handle(s) }
    end
  end

  def handle(socket)
    loop do
      line = socket.gets or break
      method, path = line.split(" ")
      headers = {}
      while (header = socket.gets) && header != "\r\n"
        name, value = header.split(":", 2)
        headers[name.downcase] = value.strip
      end
      body = read_body(socket, headers)
      @requests << Request.new(method: method, path: path, headers: headers, body: body)
      answer = @answers.shift || [200, {}, ""]
      break socket.close if answer == :close

      status, extra, text = answer
      head = { "Content-Length" => text.bytesize.to_s, "X-Request-Id" => "stub-#{@requests.size}" }.merge(extra)
      socket.write("HTTP/1.1 #{status} Stub\r\n#{head.map { |k, v| "#{k}: #{v}\r\n" }.join}\r\n#{text}")
    end
  rescue IOError, SystemCallError
    nil
  ensure
    socket.close unless socket.closed?
  end

  def read_body(socket, headers)
    return socket.read(headers["content-length"].to_i) if headers["content-length"]
    return "".b unless headers["transfer-encoding"] == "chunked"

    body = "".b
    while (size = socket.gets.to_i(16)).positive?
      body << socket.read(size)
      socket.read(2)
    end
    socket.read(2)
    body
  end
end
