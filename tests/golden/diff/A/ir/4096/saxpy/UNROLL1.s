	.file	"<stdin>"
	.text
	.p2align 4
	.globl	_Z5saxpylfPKfPf
	.type	_Z5saxpylfPKfPf, @function
_Z5saxpylfPKfPf:
.LFB2:
	.cfi_startproc
	movq	%rdi, %rcx
	testq	%rdi, %rdi
	jle	.L27
	movq	%rdi, %r8
	leaq	-1(%rdi), %rdi
	cmpq	$6, %rdi
	jbe	.L11
	leaq	4(%rsi), %rax
	movq	%rdx, %r9
	subq	%rax, %r9
	xorl	%eax, %eax
	cmpq	$56, %r9
	ja	.L29
	.p2align 4
	.p2align 3
.L9:
	vmovss	(%rsi,%rax,4), %xmm1
	vfmadd213ss	(%rdx,%rax,4), %xmm0, %xmm1
	vmovss	%xmm1, (%rdx,%rax,4)
	incq	%rax
	cmpq	%rax, %rcx
	jne	.L9
	ret
	.p2align 4
	.p2align 3
.L29:
	cmpq	$14, %rdi
	jbe	.L13
	movq	%rcx, %rdi
	vbroadcastss	%xmm0, %zmm2
	shrq	$4, %rdi
	salq	$6, %rdi
	.p2align 4
	.p2align 3
.L5:
	vmovups	(%rsi,%rax), %zmm1
	vfmadd213ps	(%rdx,%rax), %zmm2, %zmm1
	vmovups	%zmm1, (%rdx,%rax)
	addq	$64, %rax
	cmpq	%rdi, %rax
	jne	.L5
	movq	%rcx, %rax
	andq	$-16, %rax
	movq	%rax, %rdi
	cmpq	%rax, %rcx
	je	.L26
	movq	%rcx, %r8
	subq	%rax, %r8
	leaq	-1(%r8), %r9
	cmpq	$6, %r9
	jbe	.L7
.L4:
	salq	$2, %rdi
	vbroadcastss	%xmm0, %ymm1
	leaq	(%rdx,%rdi), %r9
	vmovups	(%r9), %ymm3
	vfmadd132ps	(%rsi,%rdi), %ymm3, %ymm1
	movq	%r8, %rdi
	andq	$-8, %rdi
	addq	%rdi, %rax
	andl	$7, %r8d
	vmovups	%ymm1, (%r9)
	je	.L26
.L7:
	leaq	0(,%rax,4), %rdi
	leaq	(%rdx,%rdi), %r8
	vmovss	(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	1(%rax), %r8
	cmpq	%r8, %rcx
	jle	.L26
	leaq	4(%rdx,%rdi), %r8
	vmovss	4(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	2(%rax), %r8
	cmpq	%r8, %rcx
	jle	.L26
	leaq	8(%rdx,%rdi), %r8
	vmovss	8(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	3(%rax), %r8
	cmpq	%r8, %rcx
	jle	.L26
	leaq	12(%rdx,%rdi), %r8
	vmovss	12(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	4(%rax), %r8
	cmpq	%r8, %rcx
	jle	.L26
	leaq	16(%rdx,%rdi), %r8
	vmovss	16(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	5(%rax), %r8
	cmpq	%r8, %rcx
	jg	.L30
	.p2align 4
	.p2align 3
.L26:
	vzeroupper
.L27:
	ret
	.p2align 4
	.p2align 3
.L11:
	xorl	%eax, %eax
	jmp	.L9
	.p2align 4
	.p2align 3
.L30:
	vmovss	20(%rsi,%rdi), %xmm1
	leaq	20(%rdx,%rdi), %r8
	addq	$6, %rax
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	cmpq	%rax, %rcx
	jle	.L26
	leaq	24(%rdx,%rdi), %rax
	vmovss	(%rax), %xmm4
	vfmadd132ss	24(%rsi,%rdi), %xmm4, %xmm0
	vmovss	%xmm0, (%rax)
	vzeroupper
	ret
.L13:
	xorl	%edi, %edi
	xorl	%eax, %eax
	jmp	.L4
	.cfi_endproc
.LFE2:
	.size	_Z5saxpylfPKfPf, .-_Z5saxpylfPKfPf
	.p2align 4
	.globl	abtool_entry
	.type	abtool_entry, @function
abtool_entry:
.LFB3:
	.cfi_startproc
	movq	8(%rdi), %rax
	movq	24(%rdi), %rdx
	movq	16(%rdi), %rsi
	vmovss	(%rax), %xmm0
	movq	(%rdi), %rax
	movq	(%rax), %rdi
	jmp	_Z5saxpylfPKfPf@PLT
	.cfi_endproc
.LFE3:
	.size	abtool_entry, .-abtool_entry
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
