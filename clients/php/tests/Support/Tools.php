<?php

declare(strict_types=1);

namespace PdfService\Tests\Support;

/** Independent checks of outputs with the native tools (qpdf, pdftotext, pdfinfo, openssl), run without a shell. */
final class Tools
{
    /** @param list<string> $command @return array{0: int, 1: string, 2: string} exit code, stdout, stderr */
    public static function run(array $command): array
    {
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        if ($process === false) {
            throw new \RuntimeException("cannot run {$command[0]}");
        }
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        return [proc_close($process), (string) $out, (string) $err];
    }

    public static function pageCount(string $path, ?string $password = null): int
    {
        [$code, $out, $err] = self::run($password === null ? ['qpdf', '--show-npages', $path] : ['qpdf', "--password={$password}", '--show-npages', $path]);
        if ($code !== 0) {
            throw new \RuntimeException("qpdf --show-npages failed: {$err}");
        }
        return (int) trim($out);
    }

    public static function textOf(string $path): string
    {
        return self::run(['pdftotext', $path, '-'])[1];
    }

    /** qpdf --check passes (3: warnings only). */
    public static function qpdfCheck(string $path): bool
    {
        return in_array(self::run(['qpdf', '--check', $path])[0], [0, 3], true);
    }

    public static function isPdf(string $path): bool
    {
        return file_get_contents($path, false, null, 0, 5) === '%PDF-';
    }

    /** A self-signed signing certificate as PKCS#12 (password "client-test") made with openssl. */
    public static function signingCertificate(string $dir): string
    {
        $p12 = "{$dir}/signer.p12";
        if (!is_file($p12)) {
            self::run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', "{$dir}/signer.key", '-out', "{$dir}/signer.crt", '-days', '30', '-subj', '/CN=Client Test Signer', '-addext', 'keyUsage=digitalSignature,nonRepudiation']);
            self::run(['openssl', 'pkcs12', '-export', '-inkey', "{$dir}/signer.key", '-in', "{$dir}/signer.crt", '-out', $p12, '-passout', 'pass:client-test']);
        }
        return $p12;
    }
}
