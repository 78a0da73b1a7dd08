<?php

declare(strict_types=1);

namespace PdfService\Tests\Support;

/**
 * A local webhook receiver in the test's own process: a listening socket polled while the client
 * waits for a job (PdfClient::wait's $notified), answering each POST with 204 and keeping its
 * headers and raw body — as a PHP application's webhook endpoint would record them.
 */
final class WebhookReceiver
{
    /** @var resource */
    private $server;
    /** @var list<array{0: array<string, string>, 1: string}> headers (lower-case) and raw body of each webhook */
    public array $received = [];

    public function __construct()
    {
        $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if ($server === false) {
            throw new \RuntimeException("cannot listen: {$error}");
        }
        stream_set_blocking($server, false);
        $this->server = $server;
    }

    public function url(): string
    {
        return 'http://' . stream_socket_get_name($this->server, false) . '/hook';
    }

    /** Takes a webhook that is waiting (up to $wait seconds); true once any has arrived. */
    public function poll(float $wait = 0.0): bool
    {
        $read = [$this->server];
        $write = $except = null;
        if (stream_select($read, $write, $except, (int) $wait, (int) (fmod($wait, 1.0) * 1e6)) > 0) {
            $connection = @stream_socket_accept($this->server, 1);
            if ($connection !== false) {
                $this->receive($connection);
            }
        }
        return $this->received !== [];
    }

    /** @param resource $connection */
    private function receive($connection): void
    {
        stream_set_blocking($connection, true);
        stream_set_timeout($connection, 10);
        $head = '';
        while (!str_contains($head, "\r\n\r\n") && !feof($connection)) {
            $head .= fgets($connection);
        }
        $headers = [];
        foreach (array_slice(explode("\r\n", trim($head)), 1) as $line) {
            [$name, $value] = array_map('trim', explode(':', $line, 2) + [1 => '']);
            $headers[strtolower($name)] = $value;
        }
        $body = '';
        $length = (int) ($headers['content-length'] ?? 0);
        while (strlen($body) < $length && !feof($connection)) {
            $body .= fread($connection, $length - strlen($body));
        }
        fwrite($connection, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
        fclose($connection);
        $this->received[] = [$headers, $body];
    }

    public function __destruct()
    {
        fclose($this->server);
    }
}
