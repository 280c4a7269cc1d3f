	.file	"<stdin>"
	.text
	.p2align 4
	.globl	_Z9work_knobliffPKfPf
	.type	_Z9work_knobliffPKfPf, @function
_Z9work_knobliffPKfPf:
.LFB967:
	.cfi_startproc
	testq	%rdi, %rdi
	jle	.L26
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	-1(%rdi), %rax
	movq	%rdi, %r10
	movl	%esi, %r8d
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%rbx
	.cfi_offset 14, -24
	.cfi_offset 13, -32
	.cfi_offset 12, -40
	.cfi_offset 3, -48
	leal	-3(%rsi), %r12d
	leaq	-16(%rdi), %r13
	andq	$-16, %rax
	vbroadcastss	.LC1(%rip), %ymm5
	vbroadcastss	.LC3(%rip), %ymm4
	andq	$-32, %rsp
	andl	$-2, %r12d
	movq	%rdx, %rbx
	movq	%rcx, %r9
	subq	%rax, %r13
	leaq	-64(%rsp), %r11
	movl	$4, %r14d
	addl	$2, %r12d
.L12:
	movl	$16, %eax
	movq	%r11, %rdi
	movq	%rbx, %rsi
	cmpq	%rax, %r10
	cmovle	%r10, %rax
	testl	%eax, %eax
	leaq	0(,%rax,4), %rdx
	cmovle	%r14, %rdx
	movl	%edx, %ecx
	shrl	$2, %ecx
	rep movsl
	testl	%r8d, %r8d
	jle	.L5
	vbroadcastss	.LC1(%rip), %ymm2
	vbroadcastss	.LC3(%rip), %ymm3
	xorl	%eax, %eax
	cmpl	$2, %r8d
	jle	.L7
	vmovaps	-64(%rsp), %ymm1
	vmovaps	-32(%rsp), %ymm0
	xorl	%eax, %eax
	vmovaps	%ymm5, %ymm2
	vmovaps	%ymm4, %ymm3
.L10:
	vfmadd132ps	%ymm5, %ymm4, %ymm1
	vfmadd132ps	%ymm5, %ymm4, %ymm0
	addl	$2, %eax
	vfmadd132ps	%ymm5, %ymm4, %ymm1
	vfmadd132ps	%ymm5, %ymm4, %ymm0
	cmpl	%r12d, %eax
	jne	.L10
	vmovaps	%ymm1, -64(%rsp)
	vmovaps	%ymm0, -32(%rsp)
.L7:
	vmovaps	-64(%rsp), %ymm1
	vmovaps	-32(%rsp), %ymm0
	.p2align 4
	.p2align 3
.L8:
	incl	%eax
	vfmadd132ps	%ymm2, %ymm3, %ymm1
	vfmadd132ps	%ymm2, %ymm3, %ymm0
	cmpl	%eax, %r8d
	jg	.L8
	vmovaps	%ymm1, -64(%rsp)
	vmovaps	%ymm0, -32(%rsp)
.L5:
	leaq	4(%r9), %rdi
	movq	%r11, %rsi
	subq	$16, %r10
	addq	$64, %rbx
	movl	(%r11), %eax
	andq	$-4, %rdi
	movl	%eax, (%r9)
	movl	%edx, %eax
	movl	-4(%r11,%rax), %ecx
	movl	%ecx, -4(%r9,%rax)
	movq	%r9, %rax
	addq	$64, %r9
	subq	%rdi, %rax
	addl	%eax, %edx
	subq	%rax, %rsi
	shrl	$2, %edx
	movl	%edx, %ecx
	rep movsl
	cmpq	%r10, %r13
	jne	.L12
	vzeroupper
	leaq	-32(%rbp), %rsp
	popq	%rbx
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%rbp
	.cfi_def_cfa 7, 8
	ret
.L26:
	.cfi_restore 3
	.cfi_restore 6
	.cfi_restore 12
	.cfi_restore 13
	.cfi_restore 14
	ret
	.cfi_endproc
.LFE967:
	.size	_Z9work_knobliffPKfPf, .-_Z9work_knobliffPKfPf
	.p2align 4
	.globl	abtool_entry
	.type	abtool_entry, @function
abtool_entry:
.LFB968:
	.cfi_startproc
	movq	16(%rdi), %rsi
	movq	24(%rdi), %rax
	movq	40(%rdi), %rcx
	movq	32(%rdi), %rdx
	vmovss	(%rsi), %xmm0
	vmovss	(%rax), %xmm1
	movq	8(%rdi), %rsi
	movq	(%rdi), %rdi
	movl	(%rsi), %esi
	movq	(%rdi), %rdi
	jmp	_Z9work_knobliffPKfPf@PLT
	.cfi_endproc
.LFE968:
	.size	abtool_entry, .-abtool_entry
	.section	.rodata.cst4,"aM",@progbits,4
	.align 4
.LC1:
	.long	1065336439
	.align 4
.LC3:
	.long	981668463
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
